export { healthModule } from './routes.js';
