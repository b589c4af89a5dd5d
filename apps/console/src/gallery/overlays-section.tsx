import {
  AlertDialog,
  alert,
  Button,
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuSeparator,
  ContextMenuTrigger,
  confirm,
  Dialog,
  DialogClose,
  Drawer,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  message,
  Popover,
  PopoverClose,
  PopoverContent,
  PopoverTrigger,
  Tooltip,
} from '@vap/ui';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Demo, Section } from './demo.js';
import { text } from './gallery-text.js';

const t = text.overlays;
const sides = ['top', 'right', 'bottom', 'left'] as const;
const LONG_BODY = Array.from({ length: 40 }, (_, index) => index + 1);

export function OverlaysSection() {
  return (
    <Section id="overlays">
      <DialogDemos />
      <Demo title={t.confirmAlert}>
        <Button
          onClick={async () => {
            const ok = await confirm({ title: t.confirmTitle, content: t.confirmContent });
            message.info(ok ? t.answeredYes : t.answeredNo);
          }}
        >
          {t.confirm}
        </Button>
        <Button
          variant="danger"
          onClick={async () => {
            const ok = await confirm({
              title: t.confirmDangerTitle,
              content: t.confirmDangerContent,
              okText: t.deleteOk,
              tone: 'danger',
            });
            message.info(ok ? t.answeredYes : t.answeredNo);
          }}
        >
          {t.confirmDanger}
        </Button>
        <Button
          onClick={async () => {
            await alert({ title: t.alertTitle, content: t.alertContent });
            message.info(t.alertDismissed);
          }}
        >
          {t.alert}
        </Button>
        <AlertDialogDemo />
      </Demo>
      <MenuDemos />
      <Demo title={t.tooltips}>
        {sides.map((side) => (
          <Tooltip key={side} content={t.tooltipText} side={side}>
            <Button>{t[side]}</Button>
          </Tooltip>
        ))}
      </Demo>
    </Section>
  );
}

function DialogDemos() {
  const [dialog, setDialog] = useState(false);
  const [large, setLarge] = useState(false);
  const [drawer, setDrawer] = useState<'left' | 'right' | null>(null);
  return (
    <Demo title={t.dialogs}>
      <Dialog
        open={dialog}
        onOpenChange={setDialog}
        title={t.dialogTitle}
        description={t.dialogDescription}
        trigger={<Button variant="primary">{t.openDialog}</Button>}
        footer={
          <>
            <DialogClose asChild>
              <Button>{t.cancel}</Button>
            </DialogClose>
            <Button
              variant="primary"
              onClick={() => {
                setDialog(false);
                message.success(t.saved);
              }}
            >
              {t.save}
            </Button>
          </>
        }
      >
        {t.dialogBody}
      </Dialog>
      <Dialog
        open={large}
        onOpenChange={setLarge}
        size="large"
        title={t.dialogTitle}
        trigger={<Button>{t.openLargeDialog}</Button>}
        footer={
          <DialogClose asChild>
            <Button variant="primary">{t.close}</Button>
          </DialogClose>
        }
      >
        {LONG_BODY.map((line) => (
          <p key={line} className="py-1">
            {line}. {t.longLine}
          </p>
        ))}
      </Dialog>
      <Button onClick={() => setDrawer('right')}>{t.openDrawerRight}</Button>
      <Button onClick={() => setDrawer('left')}>{t.openDrawerLeft}</Button>
      <Drawer
        open={drawer !== null}
        onOpenChange={(open) => {
          if (!open) setDrawer(null);
        }}
        side={drawer ?? 'right'}
        width={drawer === 'left' ? 480 : 360}
        title={t.drawerTitle}
        footer={
          <>
            <Button onClick={() => setDrawer(null)}>{t.cancel}</Button>
            <Button variant="primary" onClick={() => setDrawer(null)}>
              {t.save}
            </Button>
          </>
        }
      >
        {t.drawerBody}
      </Drawer>
    </Demo>
  );
}

function AlertDialogDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t.openAlertDialog}</Button>
      <AlertDialog
        open={open}
        title={t.alertDialogTitle}
        description={t.alertDialogDescription}
        confirmText={t.leave}
        cancelText={t.stay}
        tone="danger"
        onConfirm={() => setOpen(false)}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

function MenuDemos() {
  const chose = (label: string) => () => message.info(`${t.contextChose}: ${label}`);
  return (
    <Demo title={t.menus}>
      <ContextMenu>
        <ContextMenuTrigger asChild>
          {/* A button, so that keyboard users can focus it and open the menu with the context-menu key. */}
          <button
            type="button"
            className="flex h-24 w-72 items-center justify-center rounded border border-dashed border-line bg-canvas px-4 text-center text-sm text-ink-soft focus-visible:outline-2 focus-visible:outline-primary"
          >
            {t.contextTarget}
          </button>
        </ContextMenuTrigger>
        <ContextMenuContent>
          <ContextMenuItem onSelect={chose(t.contextRefresh)}>{t.contextRefresh}</ContextMenuItem>
          <ContextMenuItem onSelect={chose(t.contextCloseOthers)}>{t.contextCloseOthers}</ContextMenuItem>
          <ContextMenuItem disabled>{t.contextDisabled}</ContextMenuItem>
          <ContextMenuSeparator />
          <ContextMenuItem tone="danger" onSelect={chose(t.contextCloseAll)}>
            {t.contextCloseAll}
          </ContextMenuItem>
        </ContextMenuContent>
      </ContextMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>
            {t.dropdown}
            <ChevronDown aria-hidden="true" className="h-4 w-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuLabel>{t.dropdownLabel}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={chose(t.profile)}>{t.profile}</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={chose(t.logout)}>{t.logout}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Popover>
        <PopoverTrigger asChild>
          <Button>{t.popover}</Button>
        </PopoverTrigger>
        <PopoverContent className="flex w-64 flex-col gap-3">
          <p>{t.popoverBody}</p>
          <PopoverClose asChild>
            <Button size="small" className="self-end">
              {t.close}
            </Button>
          </PopoverClose>
        </PopoverContent>
      </Popover>
    </Demo>
  );
}
