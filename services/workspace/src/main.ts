import 'reflect-metadata';
import { startService } from '@kiln/service-kit';
import { WorkspaceModule } from './workspace.module';

void startService('workspace', WorkspaceModule);
