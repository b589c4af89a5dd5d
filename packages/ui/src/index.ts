export { cn } from './cn.js';
export { Alert, type AlertProps } from './components/alert.js';
export { AlertDialog, type AlertDialogProps } from './components/alert-dialog.js';
export { Button, type ButtonProps, buttonVariants } from './components/button.js';
export { Card, type CardProps } from './components/card.js';
export * from './components/chart/index.js';
export * from './components/data/index.js';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './components/dropdown-menu.js';
export { Field, type FieldProps } from './components/field.js';
export * from './components/form/index.js';
export * from './components/format/index.js';
export { Input, type InputProps } from './components/input.js';
export { LANGUAGE_NAMES, LanguageSelect, type LanguageSelectProps } from './components/language-select.js';
export { MenuIcon } from './components/menu-icon.js';
export { type MessageItem, type MessageTone, message, Toaster } from './components/message.js';
export * from './components/overlay/index.js';
export { PasswordInput, type PasswordInputProps } from './components/password-input.js';
export { Result, type ResultProps, type ResultStatus } from './components/result.js';
export { Spinner } from './components/spinner.js';
export { SummaryCard, type SummaryCardProps, type SummaryQuery } from './components/summary-card.js';
export * from './components/upload/index.js';
export { UI_NAMESPACE, uiMessages, useUiT } from './i18n.js';
export { type ControlSize, controlSizeClass, SizeProvider, useControlSize } from './size.js';
export { accessibleShade, applyThemeColour, contrastWithWhite, MIN_TEXT_CONTRAST } from './theme.js';
