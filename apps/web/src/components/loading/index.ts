export { DefaultPlaceholder } from './loading-placeholder';
export { Bone, Skeleton, SkeletonList, SkeletonTable, SkeletonText, useRevealDelay } from './skeleton';
