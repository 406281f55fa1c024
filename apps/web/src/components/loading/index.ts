export { DefaultPlaceholder } from './loading-placeholder';
