-- Buttons the catalogue seeded (0001) for two MQTT pages that list what others own (issue 29): no
-- action of the console fits them, so a role granted them could do nothing with them. Each leaves
-- the catalogue and every role's grant (a grant naming a button the catalogue lacks could not be
-- saved again), as 0028 did.
-- - mqtt_user_client `add`, `edit`, `delete`: a user client is a connection made with an access
--   key (or the debug tool's token). Its credentials are the key, which the owner alone creates,
--   edits and deletes on the AccessKey page (spec §6); a connection has nothing to edit, and
--   ending one is the page's `kick`.
-- - mqtt_user_subs `subscribe`, `delete`: a subscription is its client's own, made and ended by the
--   client over MQTT. A subscription the server added behind a client's back would send it messages
--   it never asked for, and one it removed would silently starve it (a device's `down/cmd`: its
--   commands and tasks); the page lists them.
DELETE FROM "menu_items" WHERE "id" IN (100301, 100302, 100303, 100401, 100402) AND "plugin" = '';--> statement-breakpoint
UPDATE "roles" SET "menus" = jsonb_set("menus", '{mqtt_user_client}', ("menus" -> 'mqtt_user_client') - 'add' - 'edit' - 'delete')
WHERE jsonb_typeof("menus" -> 'mqtt_user_client') = 'array' AND ("menus" -> 'mqtt_user_client') ?| array['add', 'edit', 'delete'];--> statement-breakpoint
UPDATE "roles" SET "menus" = jsonb_set("menus", '{mqtt_user_subs}', ("menus" -> 'mqtt_user_subs') - 'subscribe' - 'delete')
WHERE jsonb_typeof("menus" -> 'mqtt_user_subs') = 'array' AND ("menus" -> 'mqtt_user_subs') ?| array['subscribe', 'delete'];
