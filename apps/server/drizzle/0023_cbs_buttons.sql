-- Page cbs_dashboard's buttons (issue 17): open or change a cloud package (buy), and close one.
INSERT INTO "menu_items" ("id", "parent_id", "name", "type", "path", "title", "icon", "is_hidden", "is_disable", "sort") VALUES
  (30101, 301, 'buy', 'btn', '', 'button.buy', '', false, false, 10),
  (30102, 301, 'close', 'btn', '', 'button.close', '', false, false, 20)
ON CONFLICT DO NOTHING;
