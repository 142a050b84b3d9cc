/** The time when the component first rendered: render stays pure (no Date.now() on every render). */
import { useState } from 'react';

export function useNow(): number {
  const [now] = useState(Date.now);
  return now;
}
