/** What other features may use of auth: the error text of an edge function's JSON answer. */
export { bodyError } from './api/create-admin';
