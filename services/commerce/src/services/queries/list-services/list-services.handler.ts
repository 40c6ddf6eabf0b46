import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Service } from '@kiln/contracts';
import { ListRecordsQuery } from '../../../business-records/queries/list-records/list-records.query';
import { MATERIAL_READ_MODEL, MaterialReadModel } from '../../../materials/ports/material-read-model.port';
import { serviceType } from '../../service-type';
import { withMaterials } from '../../with-materials';
import { ListServicesQuery } from './list-services.query';

/** The generic record list, then each option's materials by name. */
@QueryHandler(ListServicesQuery)
export class ListServicesHandler implements IQueryHandler<ListServicesQuery, { data: Service[]; total: number }> {
  constructor(
    private readonly queries: QueryBus,
    @Inject(MATERIAL_READ_MODEL) private readonly materials: MaterialReadModel,
  ) {}

  async execute({ actorId, query }: ListServicesQuery): Promise<{ data: Service[]; total: number }> {
    const page = await this.queries.execute(new ListRecordsQuery(serviceType, actorId, query));
    return { ...page, data: await withMaterials(this.materials, page.data) };
  }
}
