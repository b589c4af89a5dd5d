import { cn } from '../../cn.js';
import { useControlSize } from '../../size.js';
import { Button, type ButtonProps } from '../button.js';
import { Tooltip } from './tooltip.js';

export interface IconButtonProps extends Omit<ButtonProps, 'size' | 'asChild' | 'aria-label'> {
  /**
   * Required: an icon alone says nothing to a screen reader, so this becomes the accessible name
   * and the tooltip that sighted users see. Pass translated text.
   */
  label: string;
  /** The icon, e.g. `<RefreshCw />`. */
  children: ButtonProps['children'];
  /** Defaults to the console's control size. */
  size?: 'small' | 'medium';
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left';
}

const squares = { small: 'h-7 w-7', medium: 'h-8 w-8' } as const;

/** A square icon-only button with a mandatory label (aria-label + tooltip). */
export function IconButton({
  label,
  size,
  variant = 'ghost',
  tooltipSide,
  className,
  children,
  ...props
}: IconButtonProps) {
  const defaultSize = useControlSize();
  return (
    <Tooltip content={label} side={tooltipSide}>
      <Button
        variant={variant}
        aria-label={label}
        className={cn('p-0 [&_svg]:h-4 [&_svg]:w-4', squares[size ?? defaultSize], className)}
        {...props}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
