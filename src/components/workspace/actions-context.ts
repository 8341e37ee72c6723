/**
 * What a card deep in the conversation can ask of the workspace — open a query in the SQL box —
 * set once by App.
 */
import { createContext } from 'svelte';

export interface WorkspaceActions {
  /** Puts `sql` in the SQL box, on the data tab, ready to edit and run. */
  openInSqlBox(sql: string): void;
}

export const [getWorkspaceActions, setWorkspaceActions] = createContext<WorkspaceActions>();
