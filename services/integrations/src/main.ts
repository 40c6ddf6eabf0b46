import 'reflect-metadata';
import { startService } from '@kiln/service-kit';
import { IntegrationsModule } from './integrations.module';

void startService('integrations', IntegrationsModule);
