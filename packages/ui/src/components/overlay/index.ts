// The overlay components: menus, dialogs, drawers, hints, and small display pieces.
export { Badge, type BadgeProps, formatCount } from './badge.js';
export { Breadcrumb, type BreadcrumbItem, type BreadcrumbProps } from './breadcrumb.js';
export { CloseButton, type CloseButtonProps } from './close-button.js';
export {
  ContextMenu,
  ContextMenuContent,
  type ContextMenuContentProps,
  ContextMenuItem,
  type ContextMenuItemProps,
  ContextMenuSeparator,
  ContextMenuTrigger,
} from './context-menu.js';
export {
  type DescriptionColumns,
  type DescriptionItem,
  Descriptions,
  type DescriptionsProps,
} from './descriptions.js';
export { Dialog, DialogClose, type DialogProps, type DialogSize } from './dialog.js';
export { DialogHost } from './dialog-host.js';
export {
  type AlertOptions,
  alert,
  type ConfirmOptions,
  confirm,
  confirmThen,
  type DialogRequest,
  dialogs,
  useDialogRequests,
} from './dialog-queue.js';
export { Dot, type DotProps, type DotTone } from './dot.js';
export { Drawer, type DrawerProps } from './drawer.js';
export { Empty, type EmptyProps } from './empty.js';
export { IconButton, type IconButtonProps } from './icon-button.js';
export { NoAccessResult, NotFoundResult, type PresetResultProps, UnauthorizedResult } from './results.js';
export { Skeleton, type SkeletonProps } from './skeleton.js';
export { type StepItem, type StepStatus, Steps, type StepsProps } from './steps.js';
export { Tabs, TabsContent, TabsList, type TabsProps, TabsTrigger } from './tabs.js';
export { Tag, type TagProps, type TagTone } from './tag.js';
export { Tooltip, type TooltipProps, TooltipProvider } from './tooltip.js';
