// The fault matrix, its rate-limit faults (test/e2e/self-test/fault-matrix.ts): their runs measure
// the limiter (--with-load), so they run here, in the load group, one at a time.
import { describeFaultMatrix } from '../e2e/self-test/fault-matrix.ts';

describeFaultMatrix('rate-limit');
