/** The tasks feature's public entry: the task dialog, opened from other pages too (a client's page). */
export { TaskDialog } from './components/task-dialog';
