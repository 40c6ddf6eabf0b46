import * as initial from './0001-initial';

export const workspaceMigrations = { '0001-initial': initial };
