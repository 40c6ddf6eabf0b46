import 'reflect-metadata';
import { startService } from '@kiln/service-kit';
import { AssetsModule } from './assets.module';

void startService('assets', AssetsModule);
