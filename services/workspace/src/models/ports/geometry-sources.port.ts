import { GeometrySource, TeamRole } from '@kiln/domain';

export const GEOMETRY_SOURCES = Symbol('GeometrySources');

/** A 3D object named as a model's geometry source, with the caller's active role in its team (null in the personal scope or when they have none). */
export interface FoundGeometrySource extends GeometrySource {
  callerTeamRole: TeamRole | null;
}

/**
 * The 3D objects of the asset libraries (ADR 0052), as a model's geometry source (ADR 0054): the live
 * object of kind 'object3d' with this id, read from the asset items' state, or null when there is none.
 */
export interface GeometrySources {
  findObject3d(id: string, callerId: string): Promise<FoundGeometrySource | null>;
}
