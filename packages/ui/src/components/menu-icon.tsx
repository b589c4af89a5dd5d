import {
  Camera,
  Car,
  Cloud,
  Code,
  Folder,
  Gift,
  Image,
  LayoutDashboard,
  type LucideIcon,
  Phone,
  Radio,
  Settings,
  Store,
  Wallet,
} from 'lucide-react';
import { cn } from '../cn.js';

/** Icon names the server menu uses (the `icon` field of spec §2.3 items). */
const icons: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  wallet: Wallet,
  camera: Camera,
  cloud: Cloud,
  image: Image,
  store: Store,
  car: Car,
  code: Code,
  settings: Settings,
  folder: Folder,
  radio: Radio,
  phone: Phone,
  gift: Gift,
};

/** The icon of a menu entry; unknown or empty names get a neutral folder. */
export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const Icon = icons[name] ?? Folder;
  return <Icon aria-hidden="true" className={cn('h-4 w-4 shrink-0', className)} />;
}
