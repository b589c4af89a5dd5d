export * from './account.js';
export * from './constants.js';
export * from './errors.js';
export * from './menu.js';
export * from './mqtt.js';
export * from './validators.js';
