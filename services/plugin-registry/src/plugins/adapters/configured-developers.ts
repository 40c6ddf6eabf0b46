import { Inject, Injectable } from '@nestjs/common';
import { PIPELINE_CONFIG, PipelineConfig } from '../../pipeline/pipeline-config';
import { Developers } from '../ports/developers.port';

/** KILN_PLUGIN_DEVELOPERS: an empty list lets everyone. */
@Injectable()
export class ConfiguredDevelopers implements Developers {
  constructor(@Inject(PIPELINE_CONFIG) private readonly config: PipelineConfig) {}

  isDeveloper(userId: string): boolean {
    const list = this.config.developers;
    return list.length === 0 || list.includes(userId);
  }
}
