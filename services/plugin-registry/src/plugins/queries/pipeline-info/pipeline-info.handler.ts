import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PipelineInfo } from '@kiln/contracts';
import { PIPELINE, Pipeline } from '../../../pipeline/ports/pipeline.port';
import { PipelineInfoQuery } from './pipeline-info.query';

@QueryHandler(PipelineInfoQuery)
export class PipelineInfoHandler implements IQueryHandler<PipelineInfoQuery, PipelineInfo> {
  constructor(@Inject(PIPELINE) private readonly pipeline: Pipeline) {}

  async execute(): Promise<PipelineInfo> {
    return this.pipeline.info();
  }
}
