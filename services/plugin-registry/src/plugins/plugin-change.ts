import { SavedEvent } from './ports/plugins.repository.port';

/** What a command answers: its reply, the events it saved (to wait for in the read models), and what runs after. */
export interface PluginChange<T> {
  value: T;
  events: SavedEvent[];
  /** Runs once the reply's state is in the read models (a publish starts its build job then). */
  afterAnswer?: () => void;
}
