import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/idle';

/** False until the browser is idle after the first screen (at the latest after `timeout` ms): for queries whose
 * answers sit below the fold and must not compete with the first screen's own. */
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeout), [timeout]);
  return idle;
}
