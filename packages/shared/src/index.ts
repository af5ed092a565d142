export * from './applications.js';
export * from './apply.js';
export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './events.js';
export * from './forms.js';
export * from './messages/index.js';
