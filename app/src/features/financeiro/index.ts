/** What other features may use of Financeiro: the client's quotes, installments and their documents (portal). */
export { downloadFinanceDocument, useRespondToQuote, type DocumentKind, type Installment } from './money/api';
export { formatMoney, installmentDisplayStatus, paymentMethodLabel } from './money/format';
export { discountLabel } from './lib/discount';
export { MoneyStatusBadge } from './money/status-badge';
