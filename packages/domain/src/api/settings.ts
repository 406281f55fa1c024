// The API schemas of the settings routes (request bodies, queries, responses), shared by server and web.
export {};
