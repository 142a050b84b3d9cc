/** Page maths for the processes table: "Mostrando 1-10 de 20.006 resultados" (pt-BR thousands). */
import { formatCount } from '@/lib/paging';

export const PROCESS_PAGE_SIZE = 10;

export interface PageInfo {
  page: number;
  pageCount: number;
  start: number;
  end: number;
  total: number;
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function pageInfo(total: number, page: number, pageSize = PROCESS_PAGE_SIZE): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const end = Math.min(total, current * pageSize);
  return {
    page: current,
    pageCount,
    start,
    end,
    total,
    label: `Mostrando ${formatCount(start)}-${formatCount(end)} de ${formatCount(total)} resultados`,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
  };
}

/** Splits a list into chunks of `size` (status checks go to the server ~10 receipts at a time). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
