import 'reflect-metadata';
import { startService } from '@kiln/service-kit';
import { CommerceModule } from './commerce.module';

void startService('commerce', CommerceModule);
