-- Buttons the catalogue seeded (0001) that no page checks on both sides (issue 29): a role could be
-- granted them and nothing happened, or the console offered what the server then refused. Each
-- leaves the catalogue and every role's grant (a grant naming a button the catalogue lacks could
-- not be saved again).
-- - device_maintenance `add`: the console let it open the bind dialog, whose call needs `bind`; a
--   role holding it holds `bind` instead, which is what it was shown.
-- - device_maintenance `delete`: removing a device is unbinding it (DELETE …/devices/{id} needs `unbind`).
-- - device_verify `import`, `export`: verification is one unit at a time, 30 a minute per user, so
--   that the factory registry cannot be walked through it; a batch would walk it.
-- - invoice_payment `pay`: the page lists orders already paid; asking their invoice is invoice_record's `apply`.
DELETE FROM "menu_items" WHERE "id" IN (20101, 20103, 20302, 20303, 10501) AND "plugin" = '';--> statement-breakpoint
UPDATE "roles" SET "menus" = jsonb_set(
  "menus",
  '{device_maintenance}',
  CASE WHEN ("menus" -> 'device_maintenance') ? 'bind' THEN ("menus" -> 'device_maintenance') - 'add'
       ELSE (("menus" -> 'device_maintenance') - 'add') || '["bind"]'::jsonb END
)
WHERE jsonb_typeof("menus" -> 'device_maintenance') = 'array' AND ("menus" -> 'device_maintenance') ? 'add';--> statement-breakpoint
UPDATE "roles" SET "menus" = jsonb_set("menus", '{device_maintenance}', ("menus" -> 'device_maintenance') - 'delete')
WHERE jsonb_typeof("menus" -> 'device_maintenance') = 'array' AND ("menus" -> 'device_maintenance') ? 'delete';--> statement-breakpoint
UPDATE "roles" SET "menus" = jsonb_set("menus", '{device_verify}', ("menus" -> 'device_verify') - 'import' - 'export')
WHERE jsonb_typeof("menus" -> 'device_verify') = 'array' AND ("menus" -> 'device_verify') ?| array['import', 'export'];--> statement-breakpoint
UPDATE "roles" SET "menus" = jsonb_set("menus", '{invoice_payment}', ("menus" -> 'invoice_payment') - 'pay')
WHERE jsonb_typeof("menus" -> 'invoice_payment') = 'array' AND ("menus" -> 'invoice_payment') ? 'pay';
