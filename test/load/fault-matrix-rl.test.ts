// The fault matrix, its rate-limit faults (test/self-test/fault-matrix.ts): their runs measure
// the limiter (--with-load), so they run here, in the load group, one at a time.
import { describeFaultMatrix } from '../self-test/fault-matrix.ts';

describeFaultMatrix('rate-limit');
