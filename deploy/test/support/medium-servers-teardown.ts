export { teardown as default } from './medium-servers';
