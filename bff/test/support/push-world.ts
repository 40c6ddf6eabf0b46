import { RealtimePushes } from '@kiln/contracts';
import { parseEvent, PushPlan, routeEvent, userRoom } from '@kiln/service-kit/realtime';
import { PushFilter } from '../../src/realtime/push-filter';
import { anId, TeamStory } from './realtime-events';

export type Seen = { channel: string; verb: string; data: any }[];

export interface WorldSocket {
  userId: string;
  rooms: Set<string>;
  seen: Seen;
}

/**
 * Sockets and the routing of the BFF's event feeds without a server (the routing tests): each event is
 * routed as the feed does (the PushFilter included), its room changes are carried out on the sockets of
 * the user they name, and each socket records the messages its rooms let through, every one checked
 * against its channel's contract.
 */
export class PushWorld {
  private readonly sockets: WorldSocket[] = [];
  private readonly filter = new PushFilter();

  connect(userId: string, rooms: string[] = []): WorldSocket {
    const socket = { userId, rooms: new Set([userRoom(userId), ...rooms]), seen: [] as Seen };
    this.sockets.push(socket);
    return socket;
  }

  /** Routes the event as the feed does and carries out its plan; answers the plan (null when dropped). */
  handle(event: Parameters<typeof routeEvent>[0]): PushPlan | null {
    const plan = routeEvent(event);
    if (!plan || this.filter.judge(plan.order) !== 'push') return null;
    for (const step of plan.steps) {
      if (step.kind === 'rooms') {
        for (const socket of this.sockets.filter((s) => s.rooms.has(userRoom(step.userId)))) {
          step.leave.forEach((room) => socket.rooms.delete(room));
          step.join.forEach((room) => socket.rooms.add(room));
        }
        continue;
      }
      RealtimePushes[step.channel].parse(step.message);
      for (const socket of this.sockets) {
        if (step.to.some((r) => socket.rooms.has(r)) && !step.except.some((r) => socket.rooms.has(r)))
          socket.seen.push({ channel: step.channel, ...step.message });
      }
    }
    return plan;
  }

  /** From the stream's text, as the feed reads it: parsed with the contracts, then handled. */
  receive(text: string): PushPlan | null {
    const parsed = parseEvent(text);
    if (parsed.kind !== 'event') throw new Error(`not an event: ${JSON.stringify(parsed)}`);
    return this.handle(parsed.event);
  }

  /**
   * A team of three connected members, told to the routing as the workspace tells it (created, an editor and a viewer
   * invited), and a stranger connected: what they saw of that is forgotten, each socket starts empty.
   */
  connectTeam(): {
    team: TeamStory;
    owner: WorldSocket;
    editor: WorldSocket;
    viewer: WorldSocket;
    stranger: WorldSocket;
    ownerId: string;
    editorId: string;
    viewerId: string;
  } {
    const team = new TeamStory(anId());
    const editorId = anId();
    const viewerId = anId();
    const owner = this.connect(team.ownerId);
    const editor = this.connect(editorId);
    const viewer = this.connect(viewerId);
    const stranger = this.connect(anId());
    this.receive(JSON.stringify(team.created()));
    this.receive(JSON.stringify(team.invited(editorId, 'editor')));
    this.receive(JSON.stringify(team.invited(viewerId, 'viewer')));
    for (const s of [owner, editor, viewer]) s.seen.length = 0;
    return { team, owner, editor, viewer, stranger, ownerId: team.ownerId, editorId, viewerId };
  }
}
