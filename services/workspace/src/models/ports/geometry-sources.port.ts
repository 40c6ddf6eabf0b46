import { GeometrySource, TeamRole } from '@kiln/domain';

export const GEOMETRY_SOURCES = Symbol('GeometrySources');

/** A 3D object named as a model's geometry source, with the caller's active role in its team (null in the personal scope or when they have none). */
export interface FoundGeometrySource extends GeometrySource {
  callerTeamRole: TeamRole | null;
}

/**
 * What a model takes from the libraries (ADR 0054): the 3D objects of the asset libraries (ADR 0052) as its
 * geometry source (the live object of kind 'object3d' with this id, or null), and the components it uses.
 * Read from the state tables.
 */
export interface GeometrySources {
  findObject3d(id: string, callerId: string): Promise<FoundGeometrySource | null>;
  /** The live components among `ids` (ADR 0051), with the caller's active role in each one's team; unknown ids are left out. */
  findComponents(ids: readonly string[], callerId: string): Promise<FoundComponent[]>;
}

/** A component a model names as used, with the caller's active role in its team (null in the personal scope or when they have none). */
export interface FoundComponent {
  id: string;
  authorId: string;
  teamId: string | null;
  projectId: string | null;
  callerTeamRole: TeamRole | null;
}
