-- The SIP server's side of internet telephony (issue 33): the calls Kamailio is routing now and the
-- call center agents' rotation state, Kamailio's credentials view over the extensions (kam_subscriber,
-- auth_db's table version 7), and the functions its configuration (deploy/kamailio/kamailio.cfg) calls
-- through sqlops to start, route and end calls, each leaving one dial record.
CREATE TABLE "voip_sip_agent_states" (
	"call_center_id" integer NOT NULL,
	"extension_id" integer NOT NULL,
	"unavailable_until" timestamp with time zone,
	"last_offered_at" timestamp with time zone,
	CONSTRAINT "voip_sip_agent_states_call_center_id_extension_id_pk" PRIMARY KEY("call_center_id","extension_id")
);
--> statement-breakpoint
CREATE TABLE "voip_sip_calls" (
	"call_id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"caller" text NOT NULL,
	"callee" text NOT NULL,
	"call_center_id" integer,
	"call_center_dial_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"agent" text,
	"ringing" integer[] DEFAULT '{}' NOT NULL,
	"tried" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voip_sip_agent_states" ADD CONSTRAINT "voip_sip_agent_states_call_center_id_voip_call_centers_id_fk" FOREIGN KEY ("call_center_id") REFERENCES "public"."voip_call_centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_sip_agent_states" ADD CONSTRAINT "voip_sip_agent_states_extension_id_voip_extensions_id_fk" FOREIGN KEY ("extension_id") REFERENCES "public"."voip_extensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_sip_calls" ADD CONSTRAINT "voip_sip_calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_sip_calls" ADD CONSTRAINT "voip_sip_calls_call_center_id_voip_call_centers_id_fk" FOREIGN KEY ("call_center_id") REFERENCES "public"."voip_call_centers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Kamailio's digest credentials (auth_db, calculate_ha1 off): the extensions' HA1 values by dial id
-- and SIP domain, as its `subscriber` table of version 7 would give them.
CREATE VIEW "kam_subscriber" AS SELECT "dial_id" AS "username", "domain", "ha1", "ha1b" FROM "voip_extensions";
--> statement-breakpoint
INSERT INTO "kam_version" ("table_name", "table_version") VALUES ('kam_subscriber', 7);
--> statement-breakpoint
-- Ends a call: its one dial record (ON CONFLICT keeps the first), from the call in progress.
-- Answers 1 when it wrote the record, 0 when the call had ended already.
CREATE FUNCTION voip_sip_call_end(p_call_id text, p_result text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := clock_timestamp();
  v_count integer;
BEGIN
  WITH gone AS (DELETE FROM voip_sip_calls WHERE call_id = p_call_id RETURNING *)
  INSERT INTO voip_dial_records (company_id, call_id, caller, callee, call_center_id, call_center_dial_id,
    agent, started_at, answered_at, ended_at, duration, result)
  SELECT company_id, call_id, caller, callee, call_center_id, call_center_dial_id,
    CASE WHEN answered_at IS NULL THEN NULL ELSE agent END, started_at, answered_at, v_now,
    CASE WHEN answered_at IS NULL THEN 0
      ELSE greatest(0, round(extract(epoch FROM v_now - answered_at)))::integer END,
    CASE WHEN answered_at IS NOT NULL THEN 'answered'
      WHEN p_result IN ('no_answer', 'busy', 'cancelled', 'failed', 'queue_timeout') THEN p_result
      ELSE 'failed' END
  FROM gone
  ON CONFLICT (company_id, call_id) DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;
--> statement-breakpoint
-- A new call from an authenticated extension (p_caller in p_domain): 'extension', 'call_center', or
-- 'unknown' (no such dial id in the caller's company, recorded as failed), or 'none' (no such caller,
-- or a Call-ID already in progress).
CREATE FUNCTION voip_sip_call_start(p_call_id text, p_caller text, p_domain text, p_callee text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_company integer;
  v_center voip_call_centers%ROWTYPE;
  v_now timestamptz := clock_timestamp();
  v_kind text;
BEGIN
  IF length(p_call_id) > 255 OR length(p_callee) > 64 THEN
    RETURN 'none';
  END IF;
  SELECT company_id INTO v_company FROM voip_extensions WHERE dial_id = p_caller AND domain = p_domain;
  IF NOT FOUND THEN
    RETURN 'none';
  END IF;
  SELECT * INTO v_center FROM voip_call_centers WHERE company_id = v_company AND dial_id = p_callee;
  IF FOUND THEN
    v_kind := 'call_center';
  ELSIF EXISTS (SELECT 1 FROM voip_extensions WHERE company_id = v_company AND dial_id = p_callee) THEN
    v_kind := 'extension';
  ELSE
    v_kind := 'unknown';
  END IF;
  INSERT INTO voip_sip_calls (call_id, company_id, caller, callee, call_center_id, call_center_dial_id,
    started_at, deadline)
  VALUES (p_call_id, v_company, p_caller, p_callee, v_center.id, v_center.dial_id, v_now,
    CASE WHEN v_center.max_wait > 0 THEN v_now + make_interval(secs => v_center.max_wait) END)
  ON CONFLICT (call_id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN 'none';
  END IF;
  IF v_kind = 'unknown' THEN
    PERFORM voip_sip_call_end(p_call_id, 'failed');
  END IF;
  RETURN v_kind;
END;
$$;
--> statement-breakpoint
-- A call is answered (a 2xx to its INVITE, with the answering phone's Contact): its answer time and,
-- for a call center, the agent whose registration that contact is (or the only one ringing).
CREATE FUNCTION voip_sip_call_answered(p_call_id text, p_contact text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  UPDATE voip_sip_calls c SET
    answered_at = coalesce(c.answered_at, clock_timestamp()),
    agent = CASE WHEN c.call_center_id IS NULL OR c.answered_at IS NOT NULL THEN c.agent ELSE coalesce(
      (SELECT e.dial_id FROM voip_extensions e JOIN kam_location l ON l.username = e.dial_id AND l.domain = e.domain
        WHERE e.id = ANY (c.ringing) AND l.contact = p_contact LIMIT 1),
      (SELECT e.dial_id FROM voip_extensions e WHERE cardinality(c.ringing) = 1 AND e.id = c.ringing[1])) END
  WHERE c.call_id = p_call_id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;
--> statement-breakpoint
-- An agent of a call center's call did not take it (Kamailio's branch-failure route, per agent rung:
-- p_ruid their registration, p_code the SIP status, 408 when the ring timeout passed): they leave the
-- rotation for the call center's delay — 408 no answer, 486/600 busy, any other refusal a reject.
CREATE FUNCTION voip_sip_cc_agent_failed(p_call_id text, p_ruid text, p_code integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_center voip_call_centers%ROWTYPE;
  v_extension integer;
  v_delay integer;
BEGIN
  SELECT cc.* INTO v_center FROM voip_sip_calls c JOIN voip_call_centers cc ON cc.id = c.call_center_id
    WHERE c.call_id = p_call_id;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  SELECT e.id INTO v_extension FROM kam_location l
    JOIN voip_extensions e ON e.dial_id = l.username AND e.domain = l.domain
    JOIN voip_call_center_agents a ON a.extension_id = e.id AND a.call_center_id = v_center.id
    WHERE l.ruid = p_ruid;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  v_delay := CASE WHEN p_code = 408 THEN v_center.delay_no_answer
    WHEN p_code IN (486, 600) THEN v_center.delay_busy
    ELSE v_center.delay_reject END;
  IF v_delay <= 0 THEN
    RETURN 0;
  END IF;
  INSERT INTO voip_sip_agent_states (call_center_id, extension_id, unavailable_until)
  VALUES (v_center.id, v_extension, clock_timestamp() + make_interval(secs => v_delay))
  ON CONFLICT (call_center_id, extension_id) DO UPDATE SET unavailable_until = excluded.unavailable_until;
  RETURN 1;
END;
$$;
--> statement-breakpoint
-- The next agents a call center's call rings. Agents ring when registered (an unexpired kam_location
-- row, written through by Kamailio) and out of their delay (voip_sip_cc_agent_failed); ring_all rings
-- them all at once, the others one at a time, each pass over the agents in the strategy's order
-- (top_down: position; round_robin: after the call center's last offered agent; longest_idle:
-- longest since their last answered call ended; random), passes repeating until the max wait. Rows:
-- ('ring', milliseconds, agent dial id) per agent to ring, or one row ('queue_timeout' | 'no_answer' |
-- 'failed', 0, null) when the call ends, its dial record written.
CREATE FUNCTION voip_sip_cc_next(p_call_id text)
RETURNS TABLE (action text, ring_ms integer, agent text)
LANGUAGE plpgsql AS $$
DECLARE
  v_call voip_sip_calls%ROWTYPE;
  v_center voip_call_centers%ROWTYPE;
  v_now timestamptz := clock_timestamp();
  v_ms bigint;
  v_last_position integer;
  v_chosen integer[];
BEGIN
  SELECT * INTO v_call FROM voip_sip_calls WHERE call_id = p_call_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'failed'::text, 0, NULL::text;
    RETURN;
  END IF;
  SELECT * INTO v_center FROM voip_call_centers WHERE id = v_call.call_center_id;
  IF NOT FOUND THEN
    PERFORM voip_sip_call_end(p_call_id, 'failed');
    RETURN QUERY SELECT 'failed'::text, 0, NULL::text;
    RETURN;
  END IF;

  v_ms := v_center.ring_timeout * 1000;
  IF v_call.deadline IS NOT NULL THEN
    v_ms := least(v_ms, floor(extract(epoch FROM v_call.deadline - v_now) * 1000)::bigint);
    IF v_ms < 200 THEN
      PERFORM voip_sip_call_end(p_call_id, 'queue_timeout');
      RETURN QUERY SELECT 'queue_timeout'::text, 0, NULL::text;
      RETURN;
    END IF;
  END IF;

  -- One call center's calls choose their agents one after another, so that calls arriving at once
  -- continue the rotation rather than each offer the same agent.
  PERFORM pg_advisory_xact_lock(hashtext('voip_sip_cc_next'), v_center.id);
  v_now := clock_timestamp();

  SELECT a.position INTO v_last_position FROM voip_sip_agent_states s
    JOIN voip_call_center_agents a ON a.call_center_id = s.call_center_id AND a.extension_id = s.extension_id
    WHERE s.call_center_id = v_center.id AND s.last_offered_at IS NOT NULL
    ORDER BY s.last_offered_at DESC LIMIT 1;

  WITH available AS (
    SELECT e.id, a.position,
      (SELECT max(r.ended_at) FROM voip_dial_records r
        WHERE r.company_id = e.company_id AND r.agent = e.dial_id AND r.result = 'answered') AS idle_since
    FROM voip_call_center_agents a
    JOIN voip_extensions e ON e.id = a.extension_id
    LEFT JOIN voip_sip_agent_states s ON s.call_center_id = a.call_center_id AND s.extension_id = e.id
    WHERE a.call_center_id = v_center.id
      AND (s.unavailable_until IS NULL OR s.unavailable_until <= v_now)
      AND EXISTS (SELECT 1 FROM kam_location l
        WHERE l.username = e.dial_id AND l.domain = e.domain AND l.expires > timezone('UTC', v_now))
  ),
  -- A pass rings each available agent once; when every one has rung, the next pass begins.
  pass AS (
    SELECT * FROM available
    WHERE v_center.strategy = 'ring_all' OR NOT (id = ANY (v_call.tried))
      OR NOT EXISTS (SELECT 1 FROM available WHERE NOT (id = ANY (v_call.tried)))
  ),
  ordered AS (
    SELECT id FROM pass
    ORDER BY
      CASE WHEN v_center.strategy = 'round_robin' AND v_last_position IS NOT NULL
        THEN (position <= v_last_position)::integer ELSE 0 END,
      CASE WHEN v_center.strategy = 'longest_idle' THEN idle_since END ASC NULLS FIRST,
      CASE WHEN v_center.strategy = 'random' THEN random() END,
      position
    LIMIT CASE WHEN v_center.strategy = 'ring_all' THEN NULL ELSE 1 END
  )
  SELECT coalesce(array_agg(id), '{}') INTO v_chosen FROM ordered;

  IF cardinality(v_chosen) = 0 THEN
    PERFORM voip_sip_call_end(p_call_id, 'no_answer');
    RETURN QUERY SELECT 'no_answer'::text, 0, NULL::text;
    RETURN;
  END IF;

  UPDATE voip_sip_calls SET
    ringing = v_chosen,
    tried = CASE WHEN v_chosen && v_call.tried THEN v_chosen ELSE v_call.tried || v_chosen END
  WHERE call_id = p_call_id;
  INSERT INTO voip_sip_agent_states (call_center_id, extension_id, last_offered_at)
  SELECT v_center.id, chosen.id, v_now FROM unnest(v_chosen) AS chosen(id)
  ON CONFLICT (call_center_id, extension_id) DO UPDATE SET last_offered_at = excluded.last_offered_at;

  RETURN QUERY SELECT 'ring'::text, v_ms::integer, e.dial_id
    FROM unnest(v_chosen) WITH ORDINALITY AS chosen(id, n) JOIN voip_extensions e ON e.id = chosen.id
    ORDER BY chosen.n;
END;
$$;
--> statement-breakpoint
-- Calls a previous run of the SIP server left in progress (it stopped or crashed mid-call): ended
-- now, answered ones as answered, the others as failed. Kamailio calls it when it starts.
CREATE FUNCTION voip_sip_calls_abandoned() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_call_id text;
  v_count integer := 0;
BEGIN
  FOR v_call_id IN SELECT call_id FROM voip_sip_calls LOOP
    PERFORM voip_sip_call_end(v_call_id, 'failed');
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END;
$$;
