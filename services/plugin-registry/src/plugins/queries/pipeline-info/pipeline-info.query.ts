import { Query } from '@nestjs/cqrs';
import { PipelineInfo } from '@kiln/contracts';

/** How builds run on this server (ADR 0039). Any signed-in user may ask: it says nothing about anyone's data. */
export class PipelineInfoQuery extends Query<PipelineInfo> {}
