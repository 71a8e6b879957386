// The fault matrix, its rate-limit faults (test/e2e/self-test/fault-matrix.ts): their runs measure
// the limiter (--with-load), so they run here, in the load group, two at a time (each a server of its own;
// a run spends most of its time waiting on its limiter's windows).
import { describeFaultMatrix } from '../e2e/self-test/fault-matrix.ts';

describeFaultMatrix('rate-limit');
