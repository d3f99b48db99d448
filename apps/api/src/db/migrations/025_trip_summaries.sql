-- A trip's route and figures kept with the trip (issue 29, ADR 084): the trips page reads ten rows instead of every
-- fix of ten trips from positions and working their figures out at each read.

-- {"route": [[ts, lat, lng, speed_kmh], …] (simplified for drawing), "totalDistance", "mediumVelocity",
--  "maximumVelocity"} — written when the trip is recorded; NULL for a trip recorded before this migration until the
-- housekeeping pass summarises it (the page works its summary out from positions meanwhile).
ALTER TABLE trips ADD COLUMN summary jsonb;

-- The housekeeping pass's backlog: empty once every trip is summarised, so the pass costs one probe.
CREATE INDEX trips_unsummarised_idx ON trips (id) WHERE summary IS NULL AND NOT deleted;
