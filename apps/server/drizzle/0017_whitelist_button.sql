-- Page device_maintenance's button for white-list tasks (issue 16), beside upgrade, config and telnet.
INSERT INTO "menu_items" ("id", "parent_id", "name", "type", "path", "title", "icon", "is_hidden", "is_disable", "sort") VALUES
  (20113, 201, 'whitelist', 'btn', '', 'button.whitelist', '', false, false, 130)
ON CONFLICT DO NOTHING;
