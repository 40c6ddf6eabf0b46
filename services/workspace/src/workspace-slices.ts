import { businessPeopleSlice } from './business-people/business-people.slice';
import { catalogSupportSlice } from './catalog-support/catalog-support.slice';
import { recentlyDeletedSlice } from './models/recently-deleted.slice';
import { notificationsSlice } from './notifications/notifications.slice';
import { publishingSlice } from './publishing/publishing.slice';
import { realtimeSlice } from './realtime/realtime.slice';
import { sharingSlice } from './sharing/sharing.slice';
import { teamsSlice } from './teams/teams.slice';
import { WorkspaceSlice } from './workspace-slice';

/** The workspace's areas beyond sign-in and My Models, in the order their projections rebuild. */
export const workspaceSlices: WorkspaceSlice[] = [teamsSlice, sharingSlice, notificationsSlice, realtimeSlice, publishingSlice, catalogSupportSlice, businessPeopleSlice, recentlyDeletedSlice];
