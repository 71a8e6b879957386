// 2.5 and 4.3: every page of every report query has the 2.5 shape and formats, and its
// transactions are dated inside the requested range.
import { itemsInRange, pageWithinLimit, reportPageChecks } from '../../contract/checks/report.ts';
import { reportQuery } from '../../generators/report-query.ts';
import { verifies } from '../support/harness.ts';
import { fixtureQuery } from './query.ts';

verifies(['RP-7', 'RP-3', 'RP-4', 'RP-5', 'RP-6', 'RP-1', 'RP-2'],
  'Every page of a random report query has well-formed transactions dated inside the requested range', async (h) => {
    await h.property(reportQuery({ ...fixtureQuery(h), maxLimit: 60, maxOffset: 600 }), async (body) => {
      const ex = await h.client.report({ body });
      return [
        ...reportPageChecks.flatMap((check) => check(ex, undefined)),
        ...itemsInRange(ex, { dateFrom: body.dateFrom, dateTo: body.dateTo }),
        ...pageWithinLimit(ex, { limit: body.limit }),
      ];
    });
  });
