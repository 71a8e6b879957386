// The fault matrix, part 1 of 2 (test/e2e/self-test/fault-matrix.ts).
import { describeFaultMatrix } from './fault-matrix.ts';

describeFaultMatrix(1);
