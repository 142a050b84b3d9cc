import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateTables, keysReading, readsTables } from './data-keys';

describe('data keys', () => {
  it('refreshes every view that reads a table a mutation wrote, and only those', async () => {
    readsTables(['test-process-page'], ['test_processes', 'test_receipts']);
    readsTables(['test-client-page'], ['test_processes']);
    readsTables(['test-finance'], ['test_payments']);
    readsTables(['test-client-page'], ['test_processes']); // registered twice, counted once
    expect(keysReading(['test_processes'])).toEqual([['test-process-page'], ['test-client-page']]);

    const client = new QueryClient();
    for (const key of [
      ['test-process-page', 'detail', 1],
      ['test-client-page', 'processes'],
      ['test-finance', 'payments'],
    ])
      client.setQueryData(key, 'cached');
    await invalidateTables(client, ['test_processes']);
    expect(client.getQueryState(['test-process-page', 'detail', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['test-client-page', 'processes'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['test-finance', 'payments'])?.isInvalidated).toBe(false);
  });
});
