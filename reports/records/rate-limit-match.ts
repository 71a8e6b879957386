// `report --in DIR` brings a rate-limit.json into the certificate only when it was measured on the
// certificate's target (and, when the run wrote it, by the same run: its seed). A file from another
// target or run is refused with the reason, never merged silently. A run without --with-load left
// its RL rows skipped; beside a probe's measurement their reason says where the figures come from
// and that they were not judged, so the rows and the "Rate limit" section do not contradict.
import type { Certification } from '../model.ts';
import type { RateLimitFile, RateLimitSection } from './rate-limit.ts';

/** Why `file` cannot go with `cert`; undefined when it can. */
export function rateLimitMismatch(cert: Certification, file: RateLimitFile): string | undefined {
  const target = file.target as { name?: unknown; baseUrl?: unknown } | undefined;
  if (target && typeof target.baseUrl === 'string' && target.baseUrl !== cert.target.baseUrl)
    return `it was measured against ${target.baseUrl}, the certificate is of ${cert.target.baseUrl}: not the same target`;
  const run = file.run as { seed?: unknown; startedAt?: unknown } | undefined;
  if (run && typeof run.seed === 'number' && run.seed !== cert.seed)
    return `it was written by a run with seed ${run.seed}, the certificate is of seed ${cert.seed}: not the same run`;
  return undefined;
}

/** The certificate with its skipped RL rows saying that the Rate limit section holds a measurement they were not judged on. */
export function withRateLimitRows(cert: Certification, section: RateLimitSection): Certification {
  if (section.kind !== 'measured') return cert;
  const note =
    'not judged: the run did not measure rate limits (run --with-load gives RL verdicts); the "Rate limit" section shows a later probe\'s figures for this target';
  return {
    ...cert,
    requirements: cert.requirements.map((r) =>
      r.id.startsWith('RL-') && r.status === 'skipped' && /--with-load/.test(r.reason ?? '') ? { ...r, reason: note } : r,
    ),
  };
}
