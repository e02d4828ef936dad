/**
 * The renewal job's reads as the bench counts them (bench/renewal-job.ts): the job's use case on
 * the real DynamoDB adapters (dynalite), every item a read request returned counted. Issue #30's
 * target is 2 items per due service, suspensions included: the due index's copy and the buyer.
 * Converge suspends from the items its writes answered (the step's claim, its own claim, its
 * settle), so a read of the service coming back anywhere on that path fails this.
 */
import { describe, expect, it } from 'vitest';
import { measureRenewalJob } from '../../../bench/renewal-job';

describe('the renewal job over a table with a few services due', () => {
  it('reads 2 items per due service, suspensions included, and nothing on a second run', async () => {
    const figure = await measureRenewalJob(200, {
      reminder_30d: 3,
      reminder_7d: 2,
      reminder_1d: 2,
      expired: 2,
      suspended: 4,
    });

    expect(figure).toMatchObject({ due: 13, sent: 13, suspended: 4 });
    // 13 from the index, 13 buyers in one batch; the 4 suspensions read nothing more.
    expect(figure.itemsRead).toBe(2 * figure.due);
    expect(figure.secondRunItemsRead).toBe(0);
  }, 60_000);
});
