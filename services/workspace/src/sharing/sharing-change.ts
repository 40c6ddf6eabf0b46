import { FavoriteState, ModelShareState } from '@kiln/domain';

/** What a share command committed: the share's state after it, and the events it wrote. */
export interface ShareChange {
  share: ModelShareState;
  eventIds: string[];
}

/** What a favorite command committed. */
export interface FavoriteChange {
  favorite: FavoriteState;
  /** Whether the model is starred after the command. */
  starred: boolean;
  eventIds: string[];
}
