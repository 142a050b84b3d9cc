export const processKeys = {
  all: ['processos'] as const,
  list: () => [...processKeys.all, 'list'] as const,
  stages: () => [...processKeys.all, 'stages'] as const,
  documents: (processId: number) => [...processKeys.all, 'documents', processId] as const,
  forms: () => [...processKeys.all, 'forms'] as const,
  receipts: () => [...processKeys.all, 'receipts'] as const,
  receiptHistory: (receiptId: string) => [...processKeys.all, 'receipt-history', receiptId] as const,
  courtCases: () => [...processKeys.all, 'court-cases'] as const,
  courtHistory: (caseId: string) => [...processKeys.all, 'court-history', caseId] as const,
};
