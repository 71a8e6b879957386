// 2.3 mobNo / whatsappNo / 2.4 contactNo: a realistic Indian 10-digit mobile number (starts 6-9).
import fc from 'fast-check';

// Built once (fc.stringMatching is costly to build; an arbitrary is immutable and safe to share).
const MOBILE = fc.stringMatching(/^[6-9][0-9]{9}$/);

export function mobileNumber(): fc.Arbitrary<string> {
  return MOBILE;
}
