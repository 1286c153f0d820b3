"""The `loremaster` command line (contract: ../shared/contracts/cli.md)."""
