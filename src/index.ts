export * from './api/k8s-types';
export * from './api/problems';
export * from './api/model';
export * from './api/settings';
