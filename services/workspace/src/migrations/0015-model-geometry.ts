import { Kysely } from 'kysely';
import { SCHEMA } from '../database.types';

/**
 * A model's geometry (ADR 0054): the 3D object of its scope it takes it from and that object's media (whose
 * derived `view.glb` and `thumb.png` the viewer and the card show), on the state and on the read model. Both
 * null when the model has none; a deleted model keeps them in `deleted_models.model` (its row as JSON).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['models', 'model_view']) {
    await db.schema.withSchema(SCHEMA).alterTable(table).addColumn('geometry_object3d_id', 'char(24)').addColumn('geometry_media_id', 'char(24)').execute();
  }
}
