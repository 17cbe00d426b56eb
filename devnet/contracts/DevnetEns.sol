// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice ENS on the devnet: a registry, a plain on-chain resolver and a reverse registrar, enough
/// for ENS clients (through DevnetUniversalResolver) to resolve names here as they do on mainnet.

/// @notice Name helpers: DNS wire-format names (ENSIP-10's `name`), namehash, reverse labels.
library DevnetNames {
    error DNSDecodingFailed(bytes dns);
    error DNSEncodingFailed(string name);

    /// @dev The namehash of the DNS-encoded `dns` read from `offset` (its remaining labels).
    function namehash(bytes memory dns, uint256 offset) internal pure returns (bytes32) {
        if (offset >= dns.length) revert DNSDecodingFailed(dns);
        uint256 len = uint8(dns[offset]);
        if (len == 0) {
            if (offset != dns.length - 1) revert DNSDecodingFailed(dns);
            return bytes32(0);
        }
        if (offset + 1 + len >= dns.length) revert DNSDecodingFailed(dns);
        bytes32 parent = namehash(dns, offset + 1 + len);
        bytes32 label;
        assembly {
            label := keccak256(add(add(dns, 33), offset), len)
        }
        return keccak256(abi.encodePacked(parent, label));
    }

    /// @dev Where the label after the one at `offset` starts.
    function next(bytes memory dns, uint256 offset) internal pure returns (uint256) {
        if (offset >= dns.length) revert DNSDecodingFailed(dns);
        return offset + 1 + uint8(dns[offset]);
    }

    /// @dev A dotted name ("alice.wg.id") in DNS wire format; empty labels and labels over 255 bytes refused.
    function encode(string memory name) internal pure returns (bytes memory out) {
        bytes memory s = bytes(name);
        if (s.length == 0) return hex"00";
        out = new bytes(s.length + 2);
        uint256 start = 0;
        for (uint256 i = 0; i <= s.length; i++) {
            if (i < s.length && s[i] != ".") continue;
            uint256 len = i - start;
            if (len == 0 || len > 255) revert DNSEncodingFailed(name);
            out[start] = bytes1(uint8(len));
            for (uint256 j = 0; j < len; j++) out[start + 1 + j] = s[start + j];
            start = i + 1;
        }
        // The last byte stays 0: the root.
    }

    /// @dev The address as 40 lower-case hex digits, the label of its reverse name.
    function hexAddress(address a) internal pure returns (string memory) {
        bytes memory out = new bytes(40);
        bytes16 digits = "0123456789abcdef";
        uint160 v = uint160(a);
        for (uint256 i = 40; i > 0; i--) {
            out[i - 1] = digits[v & 0xf];
            v >>= 4;
        }
        return string(out);
    }
}

/// @notice The ENS registry: an owner, a resolver and a TTL per node; the root's owner is set at creation.
contract DevnetEnsRegistry {
    struct Record {
        address owner;
        address resolver;
        uint64 ttl;
    }

    mapping(bytes32 => Record) internal records;

    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    event Transfer(bytes32 indexed node, address owner);
    event NewResolver(bytes32 indexed node, address resolver);
    event NewTTL(bytes32 indexed node, uint64 ttl);

    error Unauthorised(bytes32 node, address caller);

    constructor(address rootOwner) {
        records[bytes32(0)].owner = rootOwner;
        emit Transfer(bytes32(0), rootOwner);
    }

    modifier onlyOwnerOf(bytes32 node) {
        if (records[node].owner != msg.sender) revert Unauthorised(node, msg.sender);
        _;
    }

    function setOwner(bytes32 node, address newOwner) external onlyOwnerOf(node) {
        records[node].owner = newOwner;
        emit Transfer(node, newOwner);
    }

    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner) external onlyOwnerOf(node) returns (bytes32 subnode) {
        subnode = keccak256(abi.encodePacked(node, label));
        records[subnode].owner = newOwner;
        emit NewOwner(node, label, newOwner);
    }

    function setResolver(bytes32 node, address newResolver) external onlyOwnerOf(node) {
        records[node].resolver = newResolver;
        emit NewResolver(node, newResolver);
    }

    function setTTL(bytes32 node, uint64 newTtl) external onlyOwnerOf(node) {
        records[node].ttl = newTtl;
        emit NewTTL(node, newTtl);
    }

    function owner(bytes32 node) external view returns (address) {
        return records[node].owner;
    }

    function resolver(bytes32 node) external view returns (address) {
        return records[node].resolver;
    }

    function ttl(bytes32 node) external view returns (uint64) {
        return records[node].ttl;
    }

    function recordExists(bytes32 node) external view returns (bool) {
        return records[node].owner != address(0);
    }
}

/// @notice A plain on-chain resolver: addresses (ENSIP-9/11), text records and reverse names, set by
/// the node's owner in the registry.
contract DevnetPublicResolver {
    uint256 private constant ETH_COIN_TYPE = 60;

    DevnetEnsRegistry public immutable registry;
    mapping(bytes32 => mapping(uint256 => bytes)) private addresses;
    mapping(bytes32 => mapping(string => string)) private texts;
    mapping(bytes32 => string) private names;

    event AddressChanged(bytes32 indexed node, uint256 coinType, bytes newAddress);
    event TextChanged(bytes32 indexed node, string indexed indexedKey, string key, string value);
    event NameChanged(bytes32 indexed node, string name);

    error Unauthorised(bytes32 node, address caller);

    constructor(DevnetEnsRegistry registry_) {
        registry = registry_;
    }

    modifier onlyOwnerOf(bytes32 node) {
        if (registry.owner(node) != msg.sender) revert Unauthorised(node, msg.sender);
        _;
    }

    function setAddr(bytes32 node, address a) external onlyOwnerOf(node) {
        addresses[node][ETH_COIN_TYPE] = abi.encodePacked(a);
        emit AddressChanged(node, ETH_COIN_TYPE, abi.encodePacked(a));
    }

    function setAddr(bytes32 node, uint256 coinType, bytes calldata a) external onlyOwnerOf(node) {
        addresses[node][coinType] = a;
        emit AddressChanged(node, coinType, a);
    }

    function setText(bytes32 node, string calldata key, string calldata value) external onlyOwnerOf(node) {
        texts[node][key] = value;
        emit TextChanged(node, key, key, value);
    }

    function setName(bytes32 node, string calldata newName) external onlyOwnerOf(node) {
        names[node] = newName;
        emit NameChanged(node, newName);
    }

    function addr(bytes32 node) external view returns (address payable) {
        bytes memory a = addresses[node][ETH_COIN_TYPE];
        if (a.length != 20) return payable(address(0));
        return payable(address(bytes20(a)));
    }

    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory) {
        return addresses[node][coinType];
    }

    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return texts[node][key];
    }

    function name(bytes32 node) external view returns (string memory) {
        return names[node];
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 // ERC-165
            || id == 0x3b3b57de // addr(bytes32)
            || id == 0xf1cb7e06 // addr(bytes32,uint256)
            || id == 0x59d1d43c // text(bytes32,string)
            || id == 0x691f3431; // name(bytes32)
    }
}

/// @notice Owns `addr.reverse`: an account records its primary name on-chain with `setName`, in the
/// public resolver. Reverse names nobody set fall to the resolver of `addr.reverse` itself.
contract DevnetReverseRegistrar {
    /// @dev namehash("addr.reverse")
    bytes32 public constant ADDR_REVERSE_NODE = 0x91d1777781884d03a6757a803996e38de2a42967fb37eeaca72729271025a9e2;

    DevnetEnsRegistry public immutable registry;
    DevnetPublicResolver public immutable resolver;

    event ReverseClaimed(address indexed account, bytes32 indexed node);

    constructor(DevnetEnsRegistry registry_, DevnetPublicResolver resolver_) {
        registry = registry_;
        resolver = resolver_;
    }

    /// @notice The reverse node of `account`: namehash("<hex address>.addr.reverse").
    function node(address account) public pure returns (bytes32) {
        return keccak256(abi.encodePacked(ADDR_REVERSE_NODE, keccak256(bytes(DevnetNames.hexAddress(account)))));
    }

    /// @notice Records `newName` as the caller's primary name; the caller owns its reverse node after.
    function setName(string calldata newName) external returns (bytes32 reverseNode) {
        bytes32 label = keccak256(bytes(DevnetNames.hexAddress(msg.sender)));
        reverseNode = registry.setSubnodeOwner(ADDR_REVERSE_NODE, label, address(this));
        registry.setResolver(reverseNode, address(resolver));
        resolver.setName(reverseNode, newName);
        registry.setSubnodeOwner(ADDR_REVERSE_NODE, label, msg.sender);
        emit ReverseClaimed(msg.sender, reverseNode);
    }
}
