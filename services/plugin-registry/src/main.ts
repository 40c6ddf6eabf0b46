import 'reflect-metadata';
import { startService } from '@kiln/service-kit';
import { PluginRegistryModule } from './plugin-registry.module';

void startService('plugin-registry', PluginRegistryModule);
