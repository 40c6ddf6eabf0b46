import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Service } from '@kiln/contracts';
import { GetRecordQuery } from '../../../business-records/queries/get-record/get-record.query';
import { MATERIAL_READ_MODEL, MaterialReadModel } from '../../../materials/ports/material-read-model.port';
import { serviceType } from '../../service-type';
import { withMaterials } from '../../with-materials';
import { GetServiceQuery } from './get-service.query';

/** The generic record read, then each option's materials by name. */
@QueryHandler(GetServiceQuery)
export class GetServiceHandler implements IQueryHandler<GetServiceQuery, Service> {
  constructor(
    private readonly queries: QueryBus,
    @Inject(MATERIAL_READ_MODEL) private readonly materials: MaterialReadModel,
  ) {}

  async execute({ actorId, id, version }: GetServiceQuery): Promise<Service> {
    const [service] = await withMaterials(this.materials, [await this.queries.execute(new GetRecordQuery(serviceType, actorId, id, version))]);
    return service;
  }
}
