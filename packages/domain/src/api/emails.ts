// The API schemas of the emails routes (request bodies, queries, responses), shared by server and web.
export {};
