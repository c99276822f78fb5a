// Uptime monitors and incidents as code, for the uptime-monitoring HTTP API (/api/v1, phpUptime and compatible services).
package uptime
